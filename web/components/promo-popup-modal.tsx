import { CloseButton, Modal } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { useAppConfig } from "../features/app-config/api";
import { internalPath } from "../lib/contact";
import { rememberPopupSeen } from "./popup-seen";

/** The studio's promotional image (popup_presencial_*), lazily loaded by the public layout. */
export default function PromoPopup() {
  const { popup_presencial_src: src, popup_presencial_link: link } = useAppConfig();
  const [opened, setOpened] = useState(true);
  const close = () => {
    rememberPopupSeen();
    setOpened(false);
  };
  const path = link ? internalPath(link, window.location.origin) : null;
  const image = <img src={src} alt="Promoción" style={{ display: "block", width: "100%", height: "auto" }} />;
  return (
    <Modal.Root opened={opened} onClose={close} centered radius="lg" size="md">
      <Modal.Overlay />
      {/* No visible title: the image is the message, so the dialog is named here. */}
      <Modal.Content aria-label="Promoción">
        <div style={{ position: "relative" }}>
          <CloseButton
            onClick={close}
            aria-label="Cerrar promoción"
            size="lg"
            radius="xl"
            variant="white"
            style={{ position: "absolute", top: 8, right: 8 }}
          />
          {!link ? (
            image
          ) : path ? (
            <Link to={path} onClick={close} aria-label="Ver promoción">
              {image}
            </Link>
          ) : (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
              aria-label="Ver promoción"
            >
              {image}
            </a>
          )}
        </div>
      </Modal.Content>
    </Modal.Root>
  );
}

import { Button, Group, Input, Paper } from "@mantine/core";
import { useCallback, useEffect, useRef } from "react";
import { waiversCopy as c } from "../copy";

/**
 * A canvas to draw a signature with pointer events (finger, pen or mouse). `onChange` gets a PNG
 * data URL after each stroke, or null once cleared. The keyboard's way to sign is the typed name
 * (the form's checkbox), so the canvas itself is not a keyboard control.
 */
export function SignaturePad({
  onChange,
  error,
}: {
  onChange: (png: string | null) => void;
  error?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  const context = useCallback(() => {
    const el = canvas.current;
    const ctx = el?.getContext("2d");
    if (!el || !ctx) return null;
    return { el, ctx };
  }, []);

  const reset = useCallback(() => {
    const c2 = context();
    if (!c2) return;
    // Drawn at the device's pixel ratio so the signature is sharp in the PDF.
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = c2.el.getBoundingClientRect();
    c2.el.width = Math.round(width * ratio);
    c2.el.height = Math.round(height * ratio);
    c2.ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    c2.ctx.lineWidth = 2.4;
    c2.ctx.lineCap = "round";
    c2.ctx.lineJoin = "round";
    c2.ctx.strokeStyle = "#111";
  }, [context]);

  useEffect(() => reset(), [reset]);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  return (
    <Input.Wrapper label={c.drawLabel} description={c.drawHelp} error={error}>
      <Paper withBorder radius="sm" mt={4} style={{ overflow: "hidden" }}>
        <canvas
          ref={canvas}
          role="img"
          aria-label={c.padLabel}
          data-testid="signature-pad"
          style={{ width: "100%", height: 180, display: "block", touchAction: "none", cursor: "crosshair" }}
          onPointerDown={(e) => {
            const c2 = context();
            if (!c2) return;
            e.currentTarget.setPointerCapture(e.pointerId);
            drawing.current = true;
            const p = point(e);
            c2.ctx.beginPath();
            c2.ctx.moveTo(p.x, p.y);
            c2.ctx.lineTo(p.x + 0.1, p.y + 0.1);
            c2.ctx.stroke();
          }}
          onPointerMove={(e) => {
            const c2 = context();
            if (!drawing.current || !c2) return;
            const p = point(e);
            c2.ctx.lineTo(p.x, p.y);
            c2.ctx.stroke();
          }}
          onPointerUp={() => {
            const c2 = context();
            if (!drawing.current || !c2) return;
            drawing.current = false;
            onChange(c2.el.toDataURL("image/png"));
          }}
          onPointerCancel={() => {
            drawing.current = false;
          }}
        />
      </Paper>
      <Group justify="flex-end" mt={4}>
        <Button
          variant="subtle"
          size="sm"
          onClick={() => {
            const c2 = context();
            c2?.ctx.clearRect(0, 0, c2.el.width, c2.el.height);
            onChange(null);
          }}
        >
          {c.clear}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}

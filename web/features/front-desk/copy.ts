/** The desk's day (Hoy) and opening the kiosk: UI-only copy of this feature. */
export const frontDeskCopy = {
  title: "Hoy",
  allLocations: "Todas las ubicaciones",
  location: "Ubicación",
  empty: "No hay clases programadas para hoy.",
  emptyLocation: "No hay clases hoy en esta ubicación.",
  next: "Siguiente",
  cancelled: "Cancelada",
  attendance: "Registrar asistencia",
  noCoach: "Sin coach asignado",
  openKiosk: "Abrir modo quiosco",
  kioskTitle: "Modo quiosco",
  kioskIntro:
    "Este dispositivo quedará en la entrada para que cada cliente registre su asistencia con su código QR o su teléfono. Tu sesión se cerrará aquí; para salir del quiosco se pide el PIN.",
  kioskPin: "PIN para salir (4 a 8 números)",
  kioskPinAgain: "Repite el PIN",
  kioskPinMismatch: "Los PIN no coinciden.",
  kioskLocation: "Clases de",
  kioskStart: "Abrir quiosco",
  cancel: "Cancelar",
} as const;

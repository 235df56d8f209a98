import "@mantine/dates/styles.css";
import "dayjs/locale/es-mx";
import { DatesProvider, MonthPickerInput } from "@mantine/dates";

/**
 * A month ("YYYY-MM") picked from a calendar of months in Spanish ("noviembre de 2026"). The
 * native <input type="month"> draws its text in the browser's own language, not the page's:
 * Chromium in English showed "November 2026" on a Spanish screen. Mantine's picker takes its
 * month names from dayjs's es-MX locale whatever the browser speaks.
 */
export function MonthInput({
  label,
  value,
  onChange,
  w,
}: {
  label: string;
  value: string;
  onChange: (month: string) => void;
  w?: number;
}) {
  return (
    <DatesProvider settings={{ locale: "es-mx" }}>
      <MonthPickerInput
        label={label}
        value={`${value}-01`}
        onChange={(day) => day && onChange(day.slice(0, 7))}
        valueFormat="MMMM [de] YYYY"
        w={w}
        data-testid="month-input"
      />
    </DatesProvider>
  );
}

// html-to-text 10 ships no types: the one function the mail renderer uses (render.ts).
declare module "html-to-text" {
  export type SelectorDefinition = {
    selector: string;
    format?: string;
    options?: Record<string, unknown>;
  };
  export function compile(options?: {
    wordwrap?: number | false | null;
    selectors?: SelectorDefinition[];
  }): (html: string, metadata?: unknown) => string;
}

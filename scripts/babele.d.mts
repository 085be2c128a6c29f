/** Where the English templates for Babele are written (lang/babele/template). */
export const TEMPLATE_DIR: string;
/** The template of every pack of system.json, by file name (`<system>.<pack>.json`). */
export function babeleTemplates(): Promise<
  Record<
    string,
    {
      label: string;
      mapping: Record<string, string>;
      entries: Record<string, { name: string; [field: string]: unknown }>;
    }
  >
>;

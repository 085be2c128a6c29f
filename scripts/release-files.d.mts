/** The files a release needs, derived from system.json. */
export function releaseFiles(root: string): { manifest: Record<string, unknown>; files: string[]; missing: string[] };

/** The problems that stop a tag from being released (empty when it is consistent). */
export function releaseProblems(input: {
  tag: string;
  pkg: { version?: unknown };
  manifest: Record<string, unknown>;
}): string[];

/// <reference types="vite/client" />

/**
 * Translation trees merged over `lang/en.json` by the lab's Vite config (the files named by
 * `RB_LANG_EXTRA`, for keys not merged into en.json yet); empty when the variable is unset.
 */
declare const __RB_LANG_EXTRA__: readonly Record<string, unknown>[];

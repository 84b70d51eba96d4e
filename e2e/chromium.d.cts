export const CHROMIUM_PATH: string;
export const CHROMIUM_SWITCHES: readonly string[];
export const UNUSED_BROWSER_FEATURES: readonly string[];
export function disableFeaturesSwitch(launcherDefaults: readonly string[]): string;
export function playwrightArgs(extra?: readonly string[]): string[];

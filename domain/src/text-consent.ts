/**
 * The consent box under the quote form, unticked until the homeowner ticks it. The lead stores
 * this exact wording beside the time and IP address, as proof of what was agreed to. A file of
 * its own, with no imports, so the widget's bundle carries only this text.
 */
export const TEXT_CONSENT_WORDING =
  'Text me about my estimate. I agree to receive automated text messages from this roofer ' +
  'about my quote at the number above. Consent is not a condition of purchase. Msg & data ' +
  'rates may apply. Reply STOP to opt out, HELP for help.';

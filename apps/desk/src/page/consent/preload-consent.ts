// The passkey ceremony's code (and @simplewebauthn/browser) loads apart from the page, so a first
// visit does not download it. It starts loading the moment a plan waits for a person, not at their
// click on Approve: a person reads the card for seconds, and the click then waits on nothing but
// the ceremony itself.
export function preloadConsent(): void {
  // Not loaded now: the click loads it again, and says so if it cannot.
  void import('./passkey-consent.ts').catch(() => undefined);
}

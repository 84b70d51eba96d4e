/** Where visitors, contractors and privacy requests reach us. */
export const CONTACT_EMAIL = 'hello@rafter.app';

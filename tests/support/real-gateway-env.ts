/**
 * What a real gateway needs besides its own three settings, for servers under test: a public
 * address (loopback is allowed over http, for tests only) and a deliberate choice of e-mail as
 * files when the test has no SMTP server.
 */
export const REAL_GATEWAY_TEST_ENV = { PUBLIC_URL: 'http://127.0.0.1', MAIL_TRANSPORT: 'file' } as const;

import { describe, expect, it } from 'vitest';
import { accountTexts } from '../../domain/messages.js';
import { lastMail } from '../helpers/mail.js';
import { useStack } from '../helpers/stack.js';

const v = accountTexts.validation;
const rule = v.passwordRule(8, 20);

const REQUEST_RESET = `mutation($input: RequestPasswordResetInput!) { requestPasswordReset(input: $input) { __typename ... on Error { message } } }`;
const CONFIRM_RESET = `mutation($input: ConfirmPasswordResetInput!) { confirmPasswordReset(input: $input) { __typename
  ... on ConfirmPasswordResetPayload { success token refreshToken expiresAt isNewUser viewer { nickname email } }
  ... on ValidationError { issues { path message } }
  ... on Error { message } } }`;
const REQUEST_VERIFICATION = `mutation { requestEmailVerification { __typename ... on RequestEmailVerificationPayload { success } ... on Error { message } } }`;
const CONFIRM_VERIFICATION = `mutation($input: ConfirmEmailVerificationInput!) { confirmEmailVerification(input: $input) { __typename
  ... on ConfirmEmailVerificationPayload { success verifiedAt viewer { email verifiedAt } }
  ... on ValidationError { issues { path message } }
  ... on Error { message } } }`;
const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { __typename
  ... on RegisterPayload { token viewer { email verifiedAt } }
  ... on ValidationError { issues { path message } } } }`;

describe('password reset and e-mail verification through the gateway', () => {
  const stack = useStack();
  const register = (email: string, password: string) =>
    stack.graphql(REGISTER, { input: { email, password, passwordConfirm: password, nickname: '여정회원', agreeTerms: true, agreePrivacy: true } });

  it('registering refuses a password outside the rule and sends the verification mail', async () => {
    for (const weak of ['abcdef', 'abcdefgh', '123456789', 'a1'.repeat(11)]) {
      expect((await register('journey@example.com', weak)).data.register.issues, weak).toEqual([{ path: ['input', 'password'], message: rule }]);
    }
    const created = await register('journey@example.com', 'journey12');
    expect(created.data.register.viewer).toEqual({ email: 'journey@example.com', verifiedAt: null });
    const mail = await lastMail(stack.upstream.mailDir, 'journey@example.com', '/verify-email');

    // Opened as a guest (another device): the token is enough, and there is no viewer to show.
    const confirmed = await stack.graphql(CONFIRM_VERIFICATION, { input: { token: mail.token } });
    expect(confirmed.data.confirmEmailVerification).toMatchObject({ __typename: 'ConfirmEmailVerificationPayload', success: true, viewer: null });
    const viewer = await stack.graphql('{ viewer { verifiedAt } }', {}, created.data.register.token);
    expect(viewer.data.viewer.verifiedAt).toBe(confirmed.data.confirmEmailVerification.verifiedAt);

    expect((await stack.graphql(CONFIRM_VERIFICATION, { input: { token: mail.token } })).data.confirmEmailVerification).toEqual({
      __typename: 'BadRequestError',
      message: accountTexts.errors.resetTokenInvalid,
    });
    expect((await stack.graphql(CONFIRM_VERIFICATION, { input: { token: ' ' } })).data.confirmEmailVerification.issues).toEqual([
      { path: ['input', 'token'], message: v.tokenRequired },
    ]);
  });

  it('a member asks for the verification mail; confirming logged in answers the verified viewer', async () => {
    expect((await stack.graphql(REQUEST_VERIFICATION)).data.requestEmailVerification.__typename).toBe('NotAuthenticatedError');
    const token = await stack.upstream.issueToken(3);
    expect((await stack.graphql(REQUEST_VERIFICATION, {}, token)).data.requestEmailVerification).toEqual({
      __typename: 'RequestEmailVerificationPayload',
      success: true,
    });
    const email = (await stack.graphql('{ viewer { email } }', {}, token)).data.viewer.email;
    const mail = await lastMail(stack.upstream.mailDir, email, '/verify-email');
    const confirmed = (await stack.graphql(CONFIRM_VERIFICATION, { input: { token: mail.token } }, token)).data.confirmEmailVerification;
    expect(confirmed.viewer).toEqual({ email, verifiedAt: confirmed.verifiedAt });
  });

  it('a reset sets a password that keeps the rule and answers a new session', async () => {
    expect((await stack.graphql(REQUEST_RESET, { input: { email: 'pudding@slime.community' } })).data.requestPasswordReset.__typename).toBe(
      'RequestPasswordResetPayload',
    );
    const mail = await lastMail(stack.upstream.mailDir, 'pudding@slime.community', '/reset-password');
    const confirm = (newPassword: string) => stack.graphql(CONFIRM_RESET, { input: { token: mail.token, newPassword, newPasswordConfirm: newPassword } });

    expect((await confirm('abcdef')).data.confirmPasswordReset.issues).toEqual([{ path: ['input', 'newPassword'], message: rule }]);
    const done = (await confirm('pudding123')).data.confirmPasswordReset;
    expect(done).toMatchObject({ __typename: 'ConfirmPasswordResetPayload', success: true, isNewUser: false, viewer: { email: 'pudding@slime.community' } });
    expect((await stack.graphql('{ viewer { email } }', {}, done.token)).data.viewer.email).toBe('pudding@slime.community');
    expect((await confirm('pudding456')).data.confirmPasswordReset).toEqual({ __typename: 'BadRequestError', message: accountTexts.errors.resetTokenInvalid });
  });

  it('tells whether a reset link still works without using it', async () => {
    await stack.graphql(REQUEST_RESET, { input: { email: 'jellybear@slime.community' } });
    const mail = await lastMail(stack.upstream.mailDir, 'jellybear@slime.community', '/reset-password');
    const check = async (token: string) =>
      (await stack.graphql(`query($token: String!) { passwordResetLink(token: $token) { usable expiresAt } }`, { token })).data.passwordResetLink;
    const fresh = await check(mail.token);
    expect(fresh.usable).toBe(true);
    expect(Date.parse(fresh.expiresAt)).toBeGreaterThan(Date.now());
    // Checking did not use it: it still sets a password once, and is then no longer usable.
    expect(await check(mail.token)).toEqual(fresh);
    const done = await stack.graphql(CONFIRM_RESET, { input: { token: mail.token, newPassword: 'jelly1234', newPasswordConfirm: 'jelly1234' } });
    expect(done.data.confirmPasswordReset.__typename).toBe('ConfirmPasswordResetPayload');
    expect(await check(mail.token)).toEqual({ usable: false, expiresAt: null });
    for (const bogus of ['0', 'not-a-token', ' ']) expect(await check(bogus)).toEqual({ usable: false, expiresAt: null });
  });

  it('changing the password refuses one the login sheet would refuse', async () => {
    const token = await stack.upstream.issueToken(2);
    const change = (newPassword: string) =>
      stack.graphql(
        `mutation($input: ChangePasswordInput!) { changePassword(input: $input) { __typename ... on ValidationError { issues { path message } } } }`,
        { input: { currentPassword: 'slime1234', newPassword, newPasswordConfirm: newPassword } },
        token,
      );
    expect((await change('abcdef')).data.changePassword.issues).toEqual([{ path: ['input', 'newPassword'], message: rule }]);
    // Refused by the gateway before any upstream call.
    stack.proxy.reset();
    await change('abcdefgh');
    expect(stack.upstreamCalls()).toBe(0);
  });
});

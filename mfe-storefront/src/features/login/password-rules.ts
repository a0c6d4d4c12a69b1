/**
 * Rules of a new-password field and its confirmation: filled in, the browser's minimum of 6
 * (docs/product.md §5, §9), and the same twice. The server applies its stricter policy and says why.
 */
import type { FormRule } from 'antd';
import { useStorefrontT } from '../../i18n';

export const PASSWORD_MIN_LENGTH = 6;

export function useNewPasswordRules(passwordField: string): { password: FormRule[]; confirm: FormRule[] } {
  const { t } = useStorefrontT();
  return {
    password: [
      { required: true, message: t('login.fillAllFields') },
      { min: PASSWORD_MIN_LENGTH, message: t('account.passwordTooShort', { min: PASSWORD_MIN_LENGTH }) },
    ],
    confirm: [
      { required: true, message: t('login.fillAllFields') },
      ({ getFieldValue }) => ({
        validator: async (_rule, value: string | undefined) => {
          if (value && value !== getFieldValue(passwordField)) throw new Error(t('account.passwordsDiffer'));
        },
      }),
    ],
  };
}

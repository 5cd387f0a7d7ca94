import { z } from 'zod';
import { zodErrorMap } from '@waystation/shared/rules/messages';
import { useLang } from '.';

/**
 * Schema messages without a text of their own (the shared schemas' limits) speak the chosen language. Loaded with the
 * shell's forms (AntdRoot), not with the login page: zod stays out of the entry bundle.
 */
z.config({ customError: zodErrorMap(useLang.getState().lang) });
useLang.subscribe((s, before) => {
  if (s.lang !== before.lang) z.config({ customError: zodErrorMap(s.lang) });
});

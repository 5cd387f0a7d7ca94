import { translate } from '@waystation/shared/rules/messages';
import { useLang } from '../i18n';

/**
 * A validation message that follows the UI language: forms keep the errors they showed, so a message is kept as its
 * Chinese text (the table's key) and said in the language chosen now — switching languages changes it in place.
 */
export function ValidationMessage({ text }: { text: string }) {
  return (
    <>
      {translate(
        text,
        useLang((s) => s.lang),
      )}
    </>
  );
}

/** A page text (from its defineMessages table) that follows the UI language, for a rule's `message`. */
export function LiveText<K extends string>({ of, k }: { of: () => Record<K, string>; k: K }) {
  return <>{of()[k]}</>;
}

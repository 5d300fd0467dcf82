/**
 * What a code confirms: the name the client typed, and whether they asked for an early start (L. 221-25);
 * since the acceptance form's boxes were recorded, each box with its exact words as shown and whether it
 * was ticked, a professional signer's capacity, and the address the code went to. Older records have only
 * the first two.
 */
export type AcceptanceDetail = {
  signerName: string;
  earlyStart: boolean;
  /** A professional client's signer: their capacity (« gérant », « responsable des achats »…). */
  signerCapacity?: string;
  /** Every box of the acceptance form, in the form's order: its words as the client read them, and its answer. */
  boxes?: readonly AcceptanceBox[];
  /** The e-mail address the confirmed code was sent to. */
  codeSentTo?: string;
};

/** One box of the acceptance form as the client answered it. */
export type AcceptanceBox = { id: string; text: string; checked: boolean };

/**
 * The acceptance's detail as recorded on the accepted event (and with its code, or on a code row): the name
 * typed, the early start asked, and where recorded, the signer's capacity, the form's boxes and the address
 * the code went to.
 */
export function acceptanceDetail(detail: string | undefined): AcceptanceDetail | undefined {
  if (!detail) return undefined;
  try {
    const parsed = JSON.parse(detail) as Partial<Record<keyof AcceptanceDetail, unknown>>;
    if (typeof parsed.signerName !== 'string') return undefined;
    const boxes = Array.isArray(parsed.boxes) ? parsed.boxes.filter(isBox) : undefined;
    return {
      signerName: parsed.signerName,
      earlyStart: parsed.earlyStart === true,
      ...(typeof parsed.signerCapacity === 'string' ? { signerCapacity: parsed.signerCapacity } : {}),
      ...(boxes ? { boxes: boxes.map(({ id, text, checked }) => ({ id, text, checked })) } : {}),
      ...(typeof parsed.codeSentTo === 'string' ? { codeSentTo: parsed.codeSentTo } : {}),
    };
  } catch {
    return undefined;
  }
}

function isBox(value: unknown): value is AcceptanceBox {
  const box = value as Partial<Record<keyof AcceptanceBox, unknown>> | null;
  return (
    typeof box === 'object' &&
    box !== null &&
    typeof box.id === 'string' &&
    typeof box.text === 'string' &&
    typeof box.checked === 'boolean'
  );
}

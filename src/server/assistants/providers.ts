import { sql } from "kysely";
import type { FieldErrors } from "../../contract";
import type { Db } from "../db/connect";

/*
 * The TTS (synthesizer) and STT (transcriber) provider of an assistant. The hosted documentation says a
 * create without one gets "the language's default provider", and that providers matter only to pipeline
 * assistants (a multimodal model speaks and listens itself). The local service therefore gives a pipeline
 * assistant the TTS provider of its voice (a voice is one provider's), else the first provider by id that
 * serves its language, and the first STT provider serving its language; a multimodal assistant gets none.
 * `null` in a request asks for that default, so a record sent back whole changes nothing.
 */

type ProviderTable = "synthesizer_providers" | "transcriber_providers";

/** The first provider (by id) that serves the language; iso_codes NULL serves every language. */
export async function firstProviderServing(
  db: Db,
  table: ProviderTable,
  languageId: number | null,
): Promise<number | null> {
  const iso =
    languageId === null
      ? undefined
      : (
          await db
            .selectFrom("languages")
            .select("iso_2")
            .where("id", "=", languageId)
            .executeTakeFirst()
        )?.iso_2.trim();
  const row = await db
    .selectFrom(table)
    .select("id")
    .where((eb) =>
      iso === undefined
        ? eb("iso_codes", "is", null)
        : eb.or([
            eb("iso_codes", "is", null),
            eb(sql<string>`${iso}`, "=", sql<string>`ANY(iso_codes)`),
          ]),
    )
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The defaults of a new assistant (also what the demo seed gives its assistants). */
export async function defaultProviders(
  db: Db,
  a: { mode: string; voiceId: number; languageId: number | null },
): Promise<{
  synthesizer_provider_id: number | null;
  transcriber_provider_id: number | null;
}> {
  if (a.mode !== "pipeline")
    return { synthesizer_provider_id: null, transcriber_provider_id: null };
  const voice = await db
    .selectFrom("voices")
    .select("synthesizer_provider_id")
    .where("id", "=", a.voiceId)
    .executeTakeFirst();
  return {
    synthesizer_provider_id:
      voice?.synthesizer_provider_id ??
      (await firstProviderServing(db, "synthesizer_providers", a.languageId)),
    transcriber_provider_id: await firstProviderServing(
      db,
      "transcriber_providers",
      a.languageId,
    ),
  };
}

export interface ProviderRequest {
  userId: number;
  /** The assistant as it will be: mode, voice and language after the request applies. */
  mode: string;
  voiceId: number;
  languageId: number | null;
  /** What the request named: an id, null (the default) or undefined (not named). */
  synthesizer: number | null | undefined;
  transcriber: number | null | undefined;
  /** On update: the stored providers, and whether the request changed the mode or the voice. */
  existing?: {
    synthesizer: number | null;
    transcriber: number | null;
    modeChanged: boolean;
    voiceChanged: boolean;
  };
}

export interface ProviderChoice {
  synthesizer_provider_id: number | null;
  transcriber_provider_id: number | null;
}

/**
 * The providers an assistant ends up with, and the 422s on the keys sent: an id no provider has, or a
 * synthesizer provider other than the one the pipeline assistant's voice belongs to (that provider could
 * not speak the voice). A provider named for a multimodal assistant is kept as sent, not acted on.
 */
export async function chooseProviders(
  db: Db,
  req: ProviderRequest,
  errors: FieldErrors,
): Promise<ProviderChoice> {
  const voice = await db
    .selectFrom("voices")
    .leftJoin(
      "synthesizer_providers as p",
      "p.id",
      "voices.synthesizer_provider_id",
    )
    .select([
      "voices.synthesizer_provider_id as providerId",
      "p.name as providerName",
    ])
    .where("voices.id", "=", req.voiceId)
    .where((eb) =>
      eb.or([
        eb("voices.user_id", "is", null),
        eb("voices.user_id", "=", req.userId),
      ]),
    )
    .executeTakeFirst();
  const pipeline = req.mode === "pipeline";
  const defaults = () =>
    defaultProviders(db, {
      mode: req.mode,
      voiceId: req.voiceId,
      languageId: req.languageId,
    });
  // The stored providers carry over only on an update that keeps the mode; else a key not named defaults.
  const kept =
    req.existing && !req.existing.modeChanged ? req.existing : undefined;

  let synthesizer: number | null;
  if (typeof req.synthesizer === "number") {
    const named = await db
      .selectFrom("synthesizer_providers")
      .select(["id", "name"])
      .where("id", "=", req.synthesizer)
      .executeTakeFirst();
    if (!named)
      errors.synthesizer_provider_id = [
        "The selected synthesizer provider id is invalid.",
      ];
    else if (
      pipeline &&
      voice?.providerId != null &&
      voice.providerId !== named.id
    ) {
      errors.synthesizer_provider_id = [
        `The selected voice belongs to ${voice.providerName ?? "another provider"}: the ${named.name} synthesizer provider cannot speak it.`,
      ];
    }
    synthesizer = req.synthesizer;
  } else if (req.synthesizer === null || !kept) {
    synthesizer = (await defaults()).synthesizer_provider_id;
  } else if (pipeline && kept.voiceChanged && voice?.providerId != null) {
    // A new voice brings its provider along unless the request names one.
    synthesizer = voice.providerId;
  } else {
    synthesizer = kept.synthesizer;
  }

  let transcriber: number | null;
  if (typeof req.transcriber === "number") {
    const named = await db
      .selectFrom("transcriber_providers")
      .select("id")
      .where("id", "=", req.transcriber)
      .executeTakeFirst();
    if (!named)
      errors.transcriber_provider_id = [
        "The selected transcriber provider id is invalid.",
      ];
    transcriber = req.transcriber;
  } else if (req.transcriber === null || !kept) {
    transcriber = (await defaults()).transcriber_provider_id;
  } else {
    transcriber = kept.transcriber;
  }

  return {
    synthesizer_provider_id: synthesizer,
    transcriber_provider_id: transcriber,
  };
}

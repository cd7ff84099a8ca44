import { describe, expect, it } from "vitest";
import { seedSmallAccount } from "../seed/small-account";
import { seededIds } from "../test/fixtures";
import { createAssistant, expect422, getAssistant as get } from "../test/requests";
import type { TestService, TestUser } from "../test/harness";
import { useService } from "../test/use-service";

/*
 * synthesizer_provider_id and transcriber_provider_id of an assistant: set on create and update under
 * the record's names (ids, numeric strings, null for the default), checked against the provider lookups
 * and the voice, defaulted when not named, returned in the record, and unchanged by a record sent back.
 */

let svc: TestService;
let alice: TestUser;
let bob: TestUser;
let rachel: number; // public pipeline voice, an ElevenLabs one
let alloy: number; // public multimodal voice, no TTS provider
let gpt4o: number;
let realtime: number;
let german: number;
let japanese: number;
const tts: Record<string, number> = {};
const stt: Record<string, number> = {};
let aliceCartesiaVoice: number; // alice's own voice of another provider
let aliceBareVoice: number; // alice's own voice without a provider
let bobVoice: number;

useService(async (s) => {
  ({ svc, alice, bob } = s);
  const db = svc.handle.db;
  const voice = await seededIds(db, "voices");
  rachel = voice("Rachel");
  alloy = voice("Alloy");
  const model = await seededIds(db, "llm_models");
  gpt4o = model("gpt-4o");
  realtime = model("gpt-4o-realtime");
  const language = await seededIds(db, "languages");
  german = language("German");
  japanese = language("Japanese");
  for (const p of await db
    .selectFrom("synthesizer_providers")
    .select(["id", "code"])
    .execute())
    tts[p.code] = p.id;
  for (const p of await db
    .selectFrom("transcriber_providers")
    .select(["id", "code"])
    .execute())
    stt[p.code] = p.id;
  const own = await db
    .insertInto("voices")
    .values([
      {
        user_id: alice.id,
        name: "Alice Cartesia",
        mode: "pipeline",
        synthesizer_provider_id: tts.cartesia,
      },
      { user_id: alice.id, name: "Alice bare", mode: "pipeline" },
      {
        user_id: bob.id,
        name: "Bob Cartesia",
        mode: "pipeline",
        synthesizer_provider_id: tts.cartesia,
      },
    ])
    .returning("id")
    .execute();
  [aliceCartesiaVoice, aliceBareVoice, bobVoice] = own.map((v) => v.id) as [
    number,
    number,
    number,
  ];
});

function body(patch: Record<string, unknown> = {}) {
  return {
    name: "Reception",
    type: "inbound",
    mode: "pipeline",
    voice_id: rachel,
    language_id: german,
    llm_model_id: gpt4o,
    timezone: "Europe/Berlin",
    system_prompt: "You answer the phone.",
    ...patch,
  };
}

const create = (user: TestUser, patch: Record<string, unknown> = {}) =>
  createAssistant(user, body(patch));

const providersOf = async (user: TestUser, id: number) => {
  const a = await get(user, id);
  return {
    synthesizer_provider_id: a.synthesizer_provider_id,
    transcriber_provider_id: a.transcriber_provider_id,
  };
};

describe("defaults on create", () => {
  it("a pipeline assistant gets its voice’s TTS provider and the first STT provider serving its language", async () => {
    expect(await providersOf(alice, await create(alice))).toEqual({
      synthesizer_provider_id: tts.elevenlabs,
      transcriber_provider_id: stt.deepgram,
    });
    // Deepgram does not serve Japanese; Azure serves every language.
    expect(
      await providersOf(alice, await create(alice, { language_id: japanese })),
    ).toEqual({
      synthesizer_provider_id: tts.elevenlabs,
      transcriber_provider_id: stt.azure,
    });
  });

  it("a voice without a provider gets the language’s first TTS provider; null asks for the default too", async () => {
    const id = await create(alice, {
      voice_id: aliceBareVoice,
      synthesizer_provider_id: null,
      transcriber_provider_id: null,
    });
    expect(await providersOf(alice, id)).toEqual({
      synthesizer_provider_id: tts.elevenlabs,
      transcriber_provider_id: stt.deepgram,
    });
  });

  it("a multimodal assistant gets none", async () => {
    const id = await create(alice, {
      mode: "multimodal",
      voice_id: alloy,
      llm_model_id: undefined,
      multimodal_model_id: realtime,
    });
    expect(await providersOf(alice, id)).toEqual({
      synthesizer_provider_id: null,
      transcriber_provider_id: null,
    });
  });
});

describe("named on create", () => {
  it("takes ids and numeric strings, stores and returns them", async () => {
    const id = await create(alice, {
      synthesizer_provider_id: String(tts.elevenlabs),
      transcriber_provider_id: String(stt.gladia),
    });
    expect(await providersOf(alice, id)).toEqual({
      synthesizer_provider_id: tts.elevenlabs,
      transcriber_provider_id: stt.gladia,
    });
    const list = await alice.req("GET", "/user/assistants");
    expect(
      (list.body as { id: number; transcriber_provider_id: number }[]).find(
        (a) => a.id === id,
      )?.transcriber_provider_id,
    ).toBe(stt.gladia);
  });

  it("any TTS provider for a voice that has none", async () => {
    const id = await create(alice, {
      voice_id: aliceBareVoice,
      synthesizer_provider_id: tts.azure,
    });
    expect((await providersOf(alice, id)).synthesizer_provider_id).toBe(
      tts.azure,
    );
  });

  it("a provider named for a multimodal assistant is kept as sent", async () => {
    const id = await create(alice, {
      mode: "multimodal",
      voice_id: alloy,
      llm_model_id: realtime,
      synthesizer_provider_id: tts.openai,
      transcriber_provider_id: stt.deepgram,
    });
    expect(await providersOf(alice, id)).toEqual({
      synthesizer_provider_id: tts.openai,
      transcriber_provider_id: stt.deepgram,
    });
  });

  it("an unknown id or a value that is no id is a 422 on its key, and nothing is created", async () => {
    const before = (await alice.req("GET", "/user/assistants")).body
      .length as number;
    expect422(
      await alice.req(
        "POST",
        "/user/assistant",
        body({ synthesizer_provider_id: 999, transcriber_provider_id: "999" }),
      ),
      {
        synthesizer_provider_id: [
          "The selected synthesizer provider id is invalid.",
        ],
        transcriber_provider_id: [
          "The selected transcriber provider id is invalid.",
        ],
      },
    );
    for (const bad of ["abc", 0, -1, 1.5, true, [1], 2_147_483_648]) {
      const res = await alice.req(
        "POST",
        "/user/assistant",
        body({ transcriber_provider_id: bad }),
      );
      expect(
        res.status,
        `${JSON.stringify(bad)}: ${JSON.stringify(res.body)}`,
      ).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(["transcriber_provider_id"]);
    }
    expect((await alice.req("GET", "/user/assistants")).body.length).toBe(
      before,
    );
  });

  it("a TTS provider other than the voice’s is a 422: it cannot speak that voice", async () => {
    expect422(
      await alice.req(
        "POST",
        "/user/assistant",
        body({ synthesizer_provider_id: tts.azure }),
      ),
      {
        synthesizer_provider_id: [
          "The selected voice belongs to ElevenLabs: the Azure synthesizer provider cannot speak it.",
        ],
      },
    );
  });

  it("another user’s voice stays a 422 on voice_id alone", async () => {
    expect422(
      await alice.req(
        "POST",
        "/user/assistant",
        body({ voice_id: bobVoice, synthesizer_provider_id: tts.cartesia }),
      ),
      {
        voice_id: ["The selected voice id is invalid."],
      },
    );
  });
});

describe("update", () => {
  it("sets either provider alone; null goes back to the default", async () => {
    const id = await create(alice);
    let res = await alice.req("PUT", `/user/assistant/${id}`, {
      transcriber_provider_id: String(stt.assemblyai),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await providersOf(alice, id)).toEqual({
      synthesizer_provider_id: tts.elevenlabs,
      transcriber_provider_id: stt.assemblyai,
    });
    res = await alice.req("PUT", `/user/assistant/${id}`, {
      transcriber_provider_id: null,
    });
    expect(res.status).toBe(200);
    expect((await providersOf(alice, id)).transcriber_provider_id).toBe(
      stt.deepgram,
    );
    // Other changes leave a chosen provider alone.
    await alice.req("PUT", `/user/assistant/${id}`, {
      transcriber_provider_id: stt.gladia,
    });
    res = await alice.req("PUT", `/user/assistant/${id}`, {
      name: "Renamed",
      language_id: japanese,
    });
    expect(res.status).toBe(200);
    expect((await providersOf(alice, id)).transcriber_provider_id).toBe(
      stt.gladia,
    );
  });

  it("a new voice brings its provider unless the request names one, which must then be the voice’s", async () => {
    const id = await create(alice);
    expect(
      (
        await alice.req("PUT", `/user/assistant/${id}`, {
          voice_id: aliceCartesiaVoice,
        })
      ).status,
    ).toBe(200);
    expect((await providersOf(alice, id)).synthesizer_provider_id).toBe(
      tts.cartesia,
    );

    const res = await alice.req("PUT", `/user/assistant/${id}`, {
      voice_id: rachel,
      synthesizer_provider_id: tts.cartesia,
    });
    expect422(res, {
      synthesizer_provider_id: [
        "The selected voice belongs to ElevenLabs: the Cartesia synthesizer provider cannot speak it.",
      ],
    });
    expect((await get(alice, id)).voice_id).toBe(aliceCartesiaVoice);

    // A provider alone is checked against the voice the assistant keeps.
    expect422(
      await alice.req("PUT", `/user/assistant/${id}`, {
        synthesizer_provider_id: tts.elevenlabs,
      }),
      {
        synthesizer_provider_id: [
          "The selected voice belongs to Cartesia: the ElevenLabs synthesizer provider cannot speak it.",
        ],
      },
    );
    expect(
      (
        await alice.req("PUT", `/user/assistant/${id}`, {
          voice_id: rachel,
          synthesizer_provider_id: tts.elevenlabs,
        })
      ).status,
    ).toBe(200);
    expect((await providersOf(alice, id)).synthesizer_provider_id).toBe(
      tts.elevenlabs,
    );
  });

  it("an unknown id is a 422 and changes nothing", async () => {
    const id = await create(alice);
    const before = await get(alice, id);
    expect422(
      await alice.req("PUT", `/user/assistant/${id}`, {
        name: "X",
        transcriber_provider_id: 77,
      }),
      {
        transcriber_provider_id: [
          "The selected transcriber provider id is invalid.",
        ],
      },
    );
    expect(await get(alice, id)).toEqual(before);
  });

  it("switching to multimodal drops the providers; switching back gives the defaults", async () => {
    const id = await create(alice, { transcriber_provider_id: stt.gladia });
    let res = await alice.req("PUT", `/user/assistant/${id}`, {
      mode: "multimodal",
      voice_id: alloy,
      llm_model_id: realtime,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await providersOf(alice, id)).toEqual({
      synthesizer_provider_id: null,
      transcriber_provider_id: null,
    });
    res = await alice.req("PUT", `/user/assistant/${id}`, {
      mode: "pipeline",
      voice_id: aliceCartesiaVoice,
      llm_model_id: gpt4o,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await providersOf(alice, id)).toEqual({
      synthesizer_provider_id: tts.cartesia,
      transcriber_provider_id: stt.deepgram,
    });
  });

  it("another user’s assistant is a 404 whatever the providers", async () => {
    const id = await create(alice);
    const res = await bob.req("PUT", `/user/assistant/${id}`, {
      transcriber_provider_id: stt.gladia,
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Assistant not found" });
    expect((await providersOf(alice, id)).transcriber_provider_id).toBe(
      stt.deepgram,
    );
  });
});

describe("a record sent back whole", () => {
  it("keeps chosen and default providers, pipeline and multimodal", async () => {
    const ids = [
      await create(alice, { transcriber_provider_id: stt.assemblyai }),
      await create(alice, {
        voice_id: aliceBareVoice,
        synthesizer_provider_id: tts.openai,
      }),
      await create(alice, {
        mode: "multimodal",
        voice_id: alloy,
        llm_model_id: realtime,
      }),
    ];
    for (const id of ids) {
      const before = await get(alice, id);
      const put = await alice.req("PUT", `/user/assistant/${id}`, before);
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect({ ...(await get(alice, id)), updated_at: null }).toEqual({
        ...before,
        updated_at: null,
      });
    }
  });
});

describe("seeded assistants", () => {
  it("get the providers a create would give them", async () => {
    const carol = await svc.user();
    await seedSmallAccount(svc.handle.db, carol.id, {
      now: new Date("2026-03-01T10:00:00Z"),
    });
    const list = (await carol.req("GET", "/user/assistants")).body as {
      mode: string;
      synthesizer_provider_id: number | null;
      transcriber_provider_id: number | null;
    }[];
    expect(list.length).toBeGreaterThan(0);
    for (const a of list.filter((x) => x.mode === "pipeline")) {
      expect(a.synthesizer_provider_id).not.toBeNull();
      expect(a.transcriber_provider_id).not.toBeNull();
    }
  });
});

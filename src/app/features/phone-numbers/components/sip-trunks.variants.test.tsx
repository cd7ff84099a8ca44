import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sipTrunkDetailSchema, sipTrunkSchema } from "@contract/sip-trunks";
import {
  allFieldsVariants,
  checkRandomTables,
  numbered,
  renderInConsole,
  singleFieldVariants,
  stubDocumentFonts,
  variantsQueryClient,
  type JsonRecord,
} from "@/test/variants";
import { phoneNumberKeys } from "@/api/query-keys";
import { listAnswer } from "../api/schemas";
import { sipTrunkToForm } from "../lib/sip-trunk-form";
import { SipTrunkForm } from "./sip-trunk-form";
import { SipTrunksCard } from "./sip-trunks-card";

/*
 * The SIP trunk list and the trunk's form with the hosted service's drifts (a field deleted, nulled,
 * stringified, `[]` for it, a number for text, an unknown word), one field at a time, all at once and in random
 * combinations: every trunk is listed with a link by its number (or its id), and every drifted trunk opens in
 * the form.
 */

/** A trunk as the hosted documentation's list example shows it (no sip_trunk_type: the hosted record has none). */
const TRUNK: JsonRecord = {
  id: 9310,
  phone_number: "1000",
  sip_username: "hafen-pbx",
  sip_address: "pbx.hafenklinik.example",
  sip_calling_format: "+e164",
  inbound_authorization_type: "ip",
  allowed_inbound_ips: ["203.0.113.40"],
  outbound_proxy: false,
  country_code: "DE",
  created_at: "2025-09-02T08:15:00.000000Z",
  updated_at: "2025-09-02T08:15:00.000000Z",
};

async function renderList(records: unknown[]) {
  const trunks = listAnswer(sipTrunkSchema).parse({ data: records });
  const qc = variantsQueryClient();
  qc.setQueryData(phoneNumberKeys.sipTrunks(), trunks);
  renderInConsole(() => <SipTrunksCard />, qc);
  await screen.findByTestId("sip-trunk-rows");
  return trunks;
}

beforeAll(stubDocumentFonts);
afterEach(cleanup);

describe("SipTrunksCard with hosted variants", () => {
  it("lists every single-field and all-fields variant, each a link by its number or id", async () => {
    const records = [
      TRUNK,
      ...singleFieldVariants(TRUNK, 1),
      ...allFieldsVariants(TRUNK, 10_000),
    ];
    const trunks = await renderList(records);
    expect(trunks).toHaveLength(records.length);
    const card = screen.getByTestId("sip-trunks");
    for (const t of trunks) {
      expect(
        within(card).getAllByRole("link", {
          name: `Open SIP trunk ${t.phone_number ?? `#${t.id}`}`,
        }).length,
        `trunk ${t.id}`,
      ).toBeGreaterThan(0);
    }
  });

  it("renders random combinations of drift", async () => {
    await checkRandomTables(TRUNK, 4, async (records) => {
      await renderList(numbered(records));
      expect(
        within(screen.getByTestId("sip-trunk-rows")).getAllByRole("link"),
      ).toHaveLength(records.length);
    });
  });
});

describe("the trunk form with hosted variants", () => {
  // Every field drifted at once, in each drift (the list above takes each field alone): a form render is slow.
  it("opens a trunk with every field drifted, in each drift", async () => {
    const detail = {
      ...TRUNK,
      inbound_trunk_id: "ST_in9310",
      outbound_trunk_id: "ST_out9310",
    };
    for (const record of [detail, ...allFieldsVariants(detail, 10_000)]) {
      const trunk = sipTrunkDetailSchema.parse(record);
      const values = sipTrunkToForm(trunk);
      renderInConsole(() => (
        <SipTrunkForm
          initialValues={values}
          editing
          save={() => Promise.resolve(null)}
          onSaved={() => undefined}
          onCancel={() => undefined}
          submitLabel="Save changes"
        />
      ));
      const form = await screen.findByRole("form", { name: "SIP trunk" });
      expect(
        within(form).getByRole("textbox", { name: /SIP username/ }),
      ).toHaveValue(values.sip_username);
      // A number without a + is read as an extension, as the hosted record says no type.
      expect(values.sip_trunk_type).toBe(
        trunk.phone_number?.startsWith("+") ? "number" : "extension",
      );
      cleanup();
    }
  });
});

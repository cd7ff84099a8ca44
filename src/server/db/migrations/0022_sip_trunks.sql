-- SIP trunks (issue 40): a trunk is a phone number of the user with provider 'sip' and type_label 'SIP'
-- (the service API's label). Its password is kept in provider_secret, AES-256-GCM like a Twilio token
-- (telephony/secrets.ts): never returned, never logged. Kamailio's configuration is generated from these rows.
ALTER TABLE phone_numbers
  -- extension | number
  ADD COLUMN sip_trunk_type text,
  ADD COLUMN sip_username text,
  -- host, no port: where outbound calls go
  ADD COLUMN sip_address text,
  -- +e164 | e164 | national
  ADD COLUMN sip_calling_format text,
  -- auth | ip
  ADD COLUMN inbound_authorization_type text,
  -- a JSON array of addresses (or CIDR ranges) when inbound_authorization_type is 'ip'; NULL otherwise
  ADD COLUMN allowed_inbound_ips jsonb,
  ADD COLUMN outbound_proxy boolean NOT NULL DEFAULT false,
  -- the hosted service's "ST_…" ids of the inbound and outbound trunk (for debugging); made at create
  ADD COLUMN inbound_trunk_id text,
  ADD COLUMN outbound_trunk_id text,
  ADD COLUMN updated_at timestamp;
CREATE UNIQUE INDEX phone_numbers_sip_username ON phone_numbers (sip_username) WHERE provider = 'sip';

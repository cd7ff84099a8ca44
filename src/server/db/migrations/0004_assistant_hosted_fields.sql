-- Fields the hosted API's assistant takes that the local service keeps and returns but does not act on.
-- Built-in tools other than end_call live in builtin_tools; end_call stays end_call_tool_description,
-- so the spec's `end_call_tool.description` and a built-in end_call item are one and the same.
ALTER TABLE assistants
  ADD COLUMN secondary_language_ids jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN knowledgebase_id integer,
  ADD COLUMN label_ids jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN reengagement_prompt text,
  ADD COLUMN voice_mail_message text,
  ADD COLUMN builtin_tools jsonb NOT NULL DEFAULT '[]';

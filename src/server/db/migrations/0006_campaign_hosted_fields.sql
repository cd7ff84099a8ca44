-- Campaign settings the hosted API's create takes and today's clients send. The local service places no
-- campaign calls, so it keeps them, validates them and shows them in the record, and acts on none.
-- Defaults are the hosted documentation's: no retry on voicemail or on an incomplete goal, and a campaign
-- completes once it has no leads left to call.
ALTER TABLE campaigns
  ADD COLUMN retry_on_voicemail boolean NOT NULL DEFAULT false,
  ADD COLUMN retry_on_goal_incomplete boolean NOT NULL DEFAULT false,
  -- The name of a boolean in the assistant's post-call schema that says the call reached its goal.
  ADD COLUMN goal_completion_variable varchar(255),
  ADD COLUMN mark_complete_when_no_leads boolean NOT NULL DEFAULT true;

-- assistant_transfer (issue 39): a call handed to another assistant names both. assistant_id / assistant_name
-- stay the assistant that took the call (as the hosted record names it); these name the one it was handed to
-- (the last, should it be handed on again). NULL on every call that was not handed over.
ALTER TABLE calls
  ADD COLUMN transferred_to_assistant_id integer,
  ADD COLUMN transferred_to_assistant_name text;

import { describe, expect, it } from 'vitest';
import { TOOL_LIMITS, TOOL_NAME_PATTERN } from '@contract';
import { describeToolNameProblem, suggestToolName, toolNameProblem } from './tool-name';

describe('tool name check (as you type)', () => {
  it.each(['a', 'lookup', 'check_order_status', 'a_', 'x'.repeat(TOOL_LIMITS.nameMax)])('%s passes', (name) => {
    expect(toolNameProblem(name)).toBeNull();
    expect(TOOL_NAME_PATTERN.test(name)).toBe(true);
  });

  it.each([
    ['', 'A name is required.'],
    ['Lookup', 'Not allowed: capital "L".'],
    ['check order', 'Not allowed: space.'],
    ['check-order2', 'Not allowed: "-", digit "2".'],
    ['_private', 'Start with a lowercase letter, not "_".'],
    ['x'.repeat(TOOL_LIMITS.nameMax + 1), `At most ${TOOL_LIMITS.nameMax} characters.`],
  ])('%j: %s', (name, sentence) => {
    const problem = toolNameProblem(name);
    expect(problem).not.toBeNull();
    expect(describeToolNameProblem(problem!)).toBe(sentence);
    // The check agrees with the contract's pattern the service uses.
    if (name.length <= TOOL_LIMITS.nameMax) expect(TOOL_NAME_PATTERN.test(name)).toBe(false);
  });

  it.each([
    ['Check Order-Status', 'check_order_status'],
    ['2fa code', 'fa_code'],
    ['__x__', 'x'],
    ['Café crème', 'cafe_creme'],
    ['1234', ''],
  ])('suggests %j -> %j', (name, suggestion) => {
    expect(suggestToolName(name)).toBe(suggestion);
    if (suggestion) expect(TOOL_NAME_PATTERN.test(suggestion)).toBe(true);
  });
});

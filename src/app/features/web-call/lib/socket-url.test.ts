import { describe, expect, it } from 'vitest';
import { webCallSocketUrl } from './socket-url';

describe('the web call’s socket address', () => {
  it('is on the API’s host, ws for http and wss for https, with the ticket in the query', () => {
    expect(webCallSocketUrl('/api', '/api/voice/web-calls/socket', 't 1', 'http://localhost:8081/assistants/3')).toBe('ws://localhost:8081/api/voice/web-calls/socket?ticket=t+1');
    expect(webCallSocketUrl('https://voice.example.com/api', '/api/voice/socket', 'abc', 'http://localhost:5173/')).toBe('wss://voice.example.com/api/voice/socket?ticket=abc');
  });

  it('never sends the ticket to another host', () => {
    expect(webCallSocketUrl('/api', 'wss://evil.example/steal', 'abc', 'https://console.example/')).toBe('wss://console.example/steal?ticket=abc');
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration defaults', () => {
  it('links e-mails to the port the server listens on when PUBLIC_URL is unset', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '18080' }).publicUrl).toBe('http://localhost:18080');
    expect(loadConfig({ PORT: '18080', PUBLIC_URL: '' }).publicUrl).toBe('http://localhost:18080');
  });

  it('uses PUBLIC_URL as given, without a trailing slash, whatever the port', () => {
    expect(loadConfig({ PORT: '18080', PUBLIC_URL: 'https://risk.example.com/' }).publicUrl).toBe('https://risk.example.com');
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { KnowledgeCard, isKnowledgeSearch } from './knowledge-card';

describe('KnowledgeCard', () => {
  it('shows the query and each passage with its document and the matched words marked', () => {
    renderWithProviders(
      <KnowledgeCard
        arguments={{ query: 'opening hours' }}
        error={null}
        duration="120 ms"
        result={{
          query: 'opening hours',
          passages: [
            { document_id: 1, document_name: 'Help centre', excerpt: 'Open 9 to 5', headline: [{ text: 'Open', match: true }, { text: ' 9 to 5', match: false }] },
            { document_id: 2, document_name: '', excerpt: '<script>alert(1)</script> hours', headline: [] },
          ],
        }}
      />,
    );
    const card = screen.getByRole('group', { name: 'Knowledge search: opening hours' });
    expect(within(card).getByTestId('knowledge-card-query')).toHaveTextContent('“opening hours”');
    expect(within(card).getByText('2 passages')).toBeInTheDocument();
    const passages = within(card).getAllByTestId('knowledge-card-passage');
    expect(within(passages[0]!).getByText('Help centre')).toBeInTheDocument();
    expect([...passages[0]!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Open']);
    expect(within(passages[1]!).getByText('Untitled document')).toBeInTheDocument();
    expect(within(passages[1]!).getByTestId('headline')).toHaveTextContent('<script>alert(1)</script> hours');
    expect(card.querySelector('script')).toBeNull();
  });

  it('reads any result without failing: nothing found, an error, a result of the wrong shape', () => {
    const { rerender } = renderWithProviders(<KnowledgeCard arguments={{ query: 'parking' }} error={null} result={{ passages: [] }} />);
    expect(screen.getByText('Nothing found in the knowledge base.')).toBeInTheDocument();
    rerender(<KnowledgeCard arguments={{ query: 42 }} error="The knowledge base is gone." result={null} />);
    expect(screen.getByText('The knowledge base is gone.')).toBeInTheDocument();
    rerender(<KnowledgeCard arguments={{}} error={null} result={['not', 'a', 'record']} />);
    expect(screen.getByText('0 passages')).toBeInTheDocument();
    expect(isKnowledgeSearch('search_knowledge_base')).toBe(true);
    expect(isKnowledgeSearch('check_order')).toBe(false);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../test/render';
import { CardGridSkeleton, Skeleton, SkeletonStack } from './Skeleton';

describe('Skeleton', () => {
  it('is hidden from assistive technology; its group is announced as busy with a name', () => {
    render(
      <TestProviders>
        <Skeleton data-testid="bone" h="10" />
        <SkeletonStack label="Loading essays" count={2} />
        <CardGridSkeleton label="Loading the pool" count={4} />
      </TestProviders>,
    );
    expect(screen.getByTestId('bone')).toHaveAttribute('aria-hidden', 'true');
    const stack = screen.getByLabelText('Loading essays');
    expect(stack).toHaveAttribute('aria-busy', 'true');
    expect(stack.children).toHaveLength(2);
    expect(screen.getByLabelText('Loading the pool').children).toHaveLength(4);
  });
});

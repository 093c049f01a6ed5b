import { ButtonGroup, IconButton } from '@chakra-ui/react/button';
import { Pagination as ChakraPagination } from '@chakra-ui/react/pagination';

/** The page count is at least 1 and the chosen page is kept between 1 and it. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
export const clampPage = (page: number, maxPage: number) => Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, maxPage));

export type PaginationProps = { page: number; total: number; pageSize: number; onChange: (page: number) => void; label?: string };

export function Pagination({ page, total, pageSize, onChange, label = 'pagination' }: PaginationProps) {
  const max = pageCount(total, pageSize);
  return (
    <ChakraPagination.Root
      count={Math.max(total, 1)}
      pageSize={pageSize}
      page={clampPage(page, max)}
      onPageChange={(details) => onChange(clampPage(details.page, max))}
      aria-label={label}
    >
      <ButtonGroup variant="ghost" size="sm">
        <ChakraPagination.PrevTrigger asChild>
          <IconButton aria-label="previous">‹</IconButton>
        </ChakraPagination.PrevTrigger>
        <ChakraPagination.Items
          render={(item) => (
            <IconButton variant={{ base: 'ghost', _selected: 'solid' }} colorPalette="brand">
              {item.value}
            </IconButton>
          )}
        />
        <ChakraPagination.NextTrigger asChild>
          <IconButton aria-label="next">›</IconButton>
        </ChakraPagination.NextTrigger>
      </ButtonGroup>
    </ChakraPagination.Root>
  );
}

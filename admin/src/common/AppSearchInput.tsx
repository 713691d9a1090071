import { SearchInput, type SearchInputProps } from 'react-admin';

const DEFAULT_PLACEHOLDER = 'Search';

/**
 * A list's search box, wide enough for its whole placeholder (react-admin's is as narrow as any input and
 * cut "Search by e-mail, name or order ID" short); the full width of a phone.
 */
export const AppSearchInput = ({ placeholder = DEFAULT_PLACEHOLDER, sx, ...props }: SearchInputProps) => (
  <SearchInput
    {...props}
    placeholder={placeholder}
    // The text's length in `ch`, and room for the search icon and the padding.
    sx={[
      { width: { xs: '100%', sm: `calc(${placeholder.length}ch + 4rem)` } },
      ...(Array.isArray(sx) ? sx : [sx]),
    ]}
  />
);

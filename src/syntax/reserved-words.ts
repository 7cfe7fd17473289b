/**
 * Reserved words the grammars accept as identifiers (tree-sitter grammars are permissive: `int int;`
 * or `function class()` parse without errors). A rename to one of them would break the code.
 */
const ES = `break case catch class const continue debugger default delete do else enum export extends false
finally for function if import in instanceof new null return super switch this throw true try typeof var
void while with yield let static implements interface package private protected public await`;
const C = `auto break case char const continue default do double else enum extern float for goto if inline int
long register restrict return short signed sizeof static struct switch typedef union unsigned void volatile
while _Bool _Complex _Alignas _Alignof _Atomic _Generic _Noreturn _Static_assert _Thread_local`;
const CPP = `${C} alignas alignof and asm bool catch char8_t char16_t char32_t class concept consteval constexpr
constinit const_cast co_await co_return co_yield decltype delete dynamic_cast explicit export false friend
mutable namespace new noexcept not nullptr operator or private protected public reinterpret_cast
requires static_assert static_cast template this thread_local throw true try typeid typename using
virtual wchar_t xor`;

const words = (list: string): Set<string> => new Set(list.split(/\s+/).filter(Boolean));
const TABLE: Record<string, Set<string>> = {
  javascript: words(ES),
  typescript: words(ES),
  tsx: words(ES),
  c: words(C),
  cpp: words(CPP),
};

/** True when `name` is a reserved word of the language that its grammar would still read as a name. */
export function isReservedWord(languageId: string, name: string): boolean {
  return TABLE[languageId]?.has(name) === true;
}

File['x'] =~ CatalogEntry
File['x'] =~ Resource
File['x'] =~ File
File['x'] =~ Type[File]
File['x'] =~ Type[Resource]
Class[foo] =~ Class
Class[foo] =~ Type[Class]
File =~ Type[File]
1 =~ Data
[1, {a=>[undef]}] =~ Data
{1=>2} =~ Data
{1=>2} =~ RichData
/a/ =~ RichData
/a/ =~ Data
/a/ =~ Scalar
Integer =~ RichData
default =~ RichData
default =~ Data
undef =~ RichData
Sensitive(1) =~ RichData
Sensitive(1) =~ Sensitive[Integer]
Sensitive(1) =~ Sensitive[String]
Sensitive(1) =~ Sensitive
[1,2].reverse_each =~ Iterator
[1,2].reverse_each =~ Iterator[Integer]
[1,2].reverse_each =~ Iterator[String]
[1,2].reverse_each =~ Iterable[Integer]
[1,2] =~ Iterable[Integer]
[1,2] =~ Iterable[String]
'abc' =~ Iterable[String]
'abc' =~ Iterable
3 =~ Iterable
-3 =~ Iterable
3 =~ Iterable[Integer]
Integer[1,3] =~ Iterable
Integer[1,3] =~ Iterable[Integer]
Integer[1,default] =~ Iterable
Enum[a,b] =~ Iterable
Enum[a,b] =~ Iterable[String]
{a=>1} =~ Iterable[Tuple[String, Integer]]
{a=>1} =~ Iterable
'abc' =~ Optional['abc']
'ABC' =~ Optional['abc']
'ABC' =~ Enum['abc']
'ABC' =~ Enum['abc', true]
'ab' =~ String[1,2]
'' =~ String[1]
'a' =~ Pattern
'a' =~ Enum
1 =~ Integer[1,1]
1.0 =~ Integer
1 =~ Float
1.0 =~ Float[1, 2]
1 =~ Numeric
undef =~ Optional
undef =~ NotUndef
1 =~ NotUndef
undef =~ Any
[] =~ Array[String]
[] =~ Array[String, 1]
[] =~ Tuple
[] =~ Tuple[String]
[1] =~ Tuple
['a', 1] =~ Tuple[String, Integer]
["a", 1,2,3] =~ Tuple[String, Integer, 1]
["a", 1,2,3] =~ Tuple[String, Integer, 0]
["a", 1,2,3] =~ Tuple[String, Integer, 0,2]
["a", 1,2,3] =~ Tuple[String, Integer, 4]
["a", 1,2,3] =~ Tuple[String, Integer, 5]
{} =~ Struct
{a=>1} =~ Struct
{} =~ Struct[{a=>Optional[Integer]}]
{a=>undef} =~ Struct[{a=>Optional[Integer]}]
{} =~ Struct[{NotUndef[a]=>Optional[Integer]}]
{a=>undef} =~ Struct[{NotUndef[a]=>Optional[Integer]}]
{} =~ Struct[{Optional[a]=>Integer}]
{a=>undef} =~ Struct[{Optional[a]=>Integer}]
{a=>1, b=>2} =~ Struct[{a=>Integer}]
{1=>1} =~ Struct[{a=>Optional[Integer]}]
{a=>1} =~ Hash[String, Integer, 2]
{a=>1} =~ Collection[1]
'abc' =~ Collection
/a/ =~ Regexp
/a/ =~ Regexp[/a/]
/a/ =~ Regexp[/b/]
/a/ =~ Regexp['a']
true =~ Boolean[false]
default =~ Default
default =~ Scalar
default =~ Any
Integer =~ Type
Integer =~ Type[Numeric]
Integer =~ Type[Integer[1,2]]
Integer[1,2] =~ Type[Integer]
Data =~ Type[Data]
1 =~ ScalarData
/a/ =~ ScalarData
Callable =~ Type[Callable]
1 =~ Collection
'a' =~ Runtime
'abc' =~ String[3,3]
'abc' =~ Enum['ABC']
'b' =~ Pattern[/a/, /b/]
{a=>1} =~ Hash[String, Integer]
{a=>1} =~ Hash[Integer, Integer]
[1, 'a'] =~ Array[Variant[Integer, String]]
[1, 'a'] =~ Tuple[Integer, String, 1, 1]
[1, 'a'] =~ Tuple[Integer, String, 1, 3]
[1, 'a', 'b'] =~ Tuple[Integer, String, 1, 3]
[1, 'a', 2] =~ Tuple[Integer, String, 1, 3]
{a=>1} =~ Struct[{a=>Integer, b=>Optional[String]}]
{a=>1, b=>'x'} =~ Struct[{a=>Integer, b=>Optional[String]}]
{a=>1, b=>2} =~ Struct[{a=>Integer, b=>Optional[String]}]
1 =~ Optional[Integer]
1 =~ Variant[String, Integer[0, 5]]
7 =~ Variant[String, Integer[0, 5]]
[[1]] =~ Array[Array[Integer]]
[[1], 'a'] =~ Data
{'a'=>[1, {'b'=>undef}]} =~ Data
1.5 =~ Scalar
1.5 =~ ScalarData
Integer =~ Type[Type]
Type =~ Type[Type]
Type[Integer] =~ Type[Type[Numeric]]
Optional[Integer] =~ Type[Optional]
1 =~ Type
'1' =~ NotUndef[String]
1 =~ NotUndef[String]
'a' =~ NotUndef['a']
'A' =~ NotUndef['a']
undef =~ Optional[String]
undef =~ NotUndef[Optional[String]]
undef =~ Scalar
'x' =~ Enum[x, y, true]
'X' =~ Enum[x, y, true]
'X' =~ Enum[x, y]
{} =~ Hash[0, 0]
{} =~ Hash[String, String, 1]
[] =~ Array[0, 0]
[1] =~ Array[0, 0]
[] =~ Collection[0, 0]
[1] =~ Collection[2]
1 =~ Iterable[Integer[0, 5]]
'ab' =~ Iterable[String[2]]
[1, 'a'] =~ Iterable[Integer]
['a', 'b'] =~ Iterable[String]
Integer[0, 2] =~ Iterable[Integer[0, 2]]
Enum[a, b] =~ Iterable[Enum[a]]
Enum[a, b] =~ Iterable[Enum[a, b]]
[1, 2].reverse_each =~ Iterator[Integer[1, 2]]
3.reverse_each =~ Iterator[Integer[0, 2]]
'abc'.reverse_each =~ Iterator[String[1, 1]]
type([1,2].reverse_each)
type(3.reverse_each)
type('abc'.reverse_each)
type({a=>1}.reverse_each)
type(Integer[1, 3].reverse_each)
type(Enum[b, a].reverse_each)
type([].reverse_each)
type({}.reverse_each)
type(0.reverse_each)
type([1, 2, 3].reverse_each.reverse_each)
type(10.step(3))
type(10.reverse_each.step(3))
type(Integer[1, 10].step(4))
type(Integer[1, 10].reverse_each.step(4))
type([1, 'a', 1].step(2))
Sensitive[Enum[a]]
Sensitive('a') =~ Sensitive[Enum[a]]
type(Sensitive('a')) <= Sensitive[Enum[a]]

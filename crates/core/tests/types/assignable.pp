# Spec examples
Integer[1,10] > Integer[2,3]
Integer[1,10] == Integer[2,3]
Integer[1,10] > Integer[0,5]
Integer[1,10] > Integer[1,10]
Integer[1,10] >= Integer[1,10]
Integer[1,10] == Integer[1,10]
Boolean == Boolean[true]
Boolean[false] == Boolean[true]
Boolean > Boolean[true]
Boolean > Boolean[false]
Optional[String] == Variant[String, Undef]
Variant[Optional[String]] == Variant[String, Undef]
Optional[Variant[String]] == Optional[String]
Array[String] == Tuple[String, 0, default]
Array[Any] == Tuple[Any, 0, default]
Resource[File] == File
Resource[File, 'a'] == File['a']
Resource >= File
File >= File['a']
File['a'] >= File
File['a'] == File['b']
File == Notify
Class > Class[foo]
Class[foo] >= Class[bar]
CatalogEntry >= File
CatalogEntry >= Class
CatalogEntry >= Class[a]
Resource >= Class
# Basic numbers
Numeric >= Integer
Numeric >= Float
Numeric >= Integer[1,2]
Integer >= Numeric
Integer >= Float
Float >= Integer
Float[1.0, 2.0] >= Float[1.5, 2.0]
Float[1.0, 2.0] >= Float[0.5, 2.0]
Float >= Float[1.0]
Integer[0] >= Integer[default, 5]
Integer[default, 5] >= Integer[1, 2]
Scalar >= Integer
Scalar >= Regexp
Scalar >= SemVer
Scalar >= SemVerRange
Scalar >= Timespan
Scalar >= Timestamp
Scalar >= Enum[a]
Scalar >= Pattern
Scalar >= Default
Scalar >= Undef
Scalar >= Binary
Scalar >= Optional[Integer]
Scalar >= NotUndef[Integer]
Scalar >= Variant[Integer, String]
Scalar >= Variant[Integer, Array]
ScalarData >= Integer
ScalarData >= Regexp
ScalarData >= Numeric
ScalarData >= Enum
ScalarData >= Pattern[/a/]
ScalarData >= Timespan
ScalarData >= Boolean[true]
Scalar >= ScalarData
ScalarData >= Scalar
Any >= Undef
Any >= Default
Undef >= Undef
Undef >= Any
Undef >= Optional[Integer]
Undef >= Variant[Undef]
Default >= Default
Default >= Undef
# Strings
String >= Enum[a, b]
String >= Enum
String >= Pattern[/a/]
String >= Pattern
String[1] >= Enum[a, bb]
String[2] >= Enum[a, bb]
String[1, 2] >= Enum[a, bb]
String[1, 1] >= Enum[a, bb]
String[1] >= Enum
String[0] >= Enum
String[1] >= Pattern[/a/]
String[0] >= Pattern[/a/]
String[1] >= String
String[0] >= String
String[1, 5] >= String[2, 3]
String[2, 3] >= String[1, 5]
String >= String[1]
String >= Integer
Enum >= String
Enum >= Enum[a]
Enum >= Pattern[/a/]
Enum[a, b] >= Enum[a]
Enum[a] >= Enum[a, b]
Enum[a, b] >= Enum
Enum[a, b] >= String
Enum[a, b, true] >= Enum[a]
Enum[a, b] >= Enum[a, true]
Enum['A', b, true] >= Enum[a, true]
Enum[a, b] >= Enum['A']
Pattern[/a/] >= Enum[a, ab]
Pattern[/a/] >= Enum[a, b]
Pattern[/a/] >= Enum
Pattern[/a/] >= String
Pattern[/a/] >= Pattern[/a/]
Pattern[/a/] >= Pattern[/a/, /b/]
Pattern >= Pattern[/a/]
Pattern >= String
Pattern >= String[1]
Pattern >= Enum
Pattern[/a/, /b/] == Pattern[/b/, /a/]
Regexp >= Regexp[/a/]
Regexp[/a/] >= Regexp
Regexp[/a/] >= Regexp[/a/]
Regexp[/a/] >= Regexp[/b/]
Regexp >= Pattern
Boolean[true] >= Boolean
# Collections
Collection >= Array
Collection >= Hash
Collection >= Tuple
Collection >= Struct
Collection >= Tuple[String]
Collection >= Struct[{a=>Integer}]
Collection[1] >= Array
Collection[1] >= Array[String, 1]
Collection[1] >= Tuple
Collection[1] >= Tuple[String]
Collection[1] >= Struct[{Optional[a]=>Integer}]
Collection[1] >= Struct
Collection[0, 0] >= Struct
Collection >= String
Array >= Collection
Array >= Hash
Array >= Tuple
Array >= Tuple[Integer, String]
Array[Integer] >= Tuple[Integer, Integer[1, 2]]
Array[Integer] >= Tuple[Integer, String]
Array[Integer, 2] >= Tuple[Integer, Integer]
Array[Integer, 3] >= Tuple[Integer, Integer]
Array[Integer, 1, 3] >= Tuple[Integer, Integer, 1]
Array[Integer, 1] >= Tuple[Integer, Integer, 1]
Array[Integer] >= Tuple
Array[Integer] >= Array
Array >= Array[Integer]
Array[Integer] >= Array[0, 0]
Array[Integer, 1] >= Array[0, 0]
Array[0, 0] >= Array[Integer]
Array[0, 0] >= Array[0, 0]
Array[Numeric] >= Array[Integer, 1, 2]
Array[Integer, 1, 2] >= Array[Integer, 1, 2]
Array[Integer, 1, 2] >= Array[Integer, 1, 3]
Array[Data] >= Array[Array[Data]]
Array[Any, 0] == Array
Hash >= Hash[String, Integer]
Hash[String, Integer] >= Hash
Hash[String, Integer] >= Hash[0, 0]
Hash[String, Integer, 1] >= Hash[0, 0]
Hash[String, Integer] >= Hash[String, Integer[1, 2], 1]
Hash[String, Integer, 2] >= Hash[String, Integer, 1]
Hash[Scalar, Data] >= Hash[String, Array[Integer]]
Hash >= Struct
Hash >= Struct[{a=>Integer}]
Hash[String, Integer] >= Struct[{a=>Integer, b=>Integer[1,2]}]
Hash[Enum[a], Integer] >= Struct[{a=>Integer, b=>Integer[1,2]}]
Hash[String, Integer] >= Struct[{a=>Integer, b=>Optional[Integer]}]
Hash[String, Integer, 3] >= Struct[{a=>Integer, b=>Integer}]
Hash[String, Integer, 0, 2] >= Struct[{a=>Integer, b=>Integer}]
Hash >= Array
Tuple >= Array
Tuple >= Tuple[String]
Tuple[String] >= Tuple
Tuple[String] >= Tuple[String]
Tuple[String] >= Tuple[Enum[a]]
Tuple[String, Integer] >= Tuple[String, Integer[1,2]]
Tuple[String, Integer] >= Tuple[String]
Tuple[String, Integer, 1] >= Tuple[String]
Tuple[String, Integer, 1] >= Tuple[String, Integer, Integer]
Tuple[String, Integer, 1, 2] >= Tuple[String, Integer, Integer]
Tuple[String, 0, 1] >= Tuple
Tuple[String, 0] >= Array[String]
Tuple[String, 0] >= Array[Integer]
Tuple[String, 1] >= Array[String]
Tuple[String, 1] >= Array[String, 1]
Tuple[String, Integer, 0] >= Array[String, 0, 1]
Tuple[String, Integer, 0] >= Array[String, 0, 2]
Tuple[String] >= Array[String, 1, 1]
Tuple >= Array[String]
Tuple[Any, 0] >= Array
Struct >= Struct
Struct >= Struct[{a=>Integer}]
Struct >= Hash
Struct >= Hash[0, 0]
Struct[{a=>Integer}] >= Struct
Struct[{a=>Optional[Integer]}] >= Struct
Struct[{a=>Integer}] >= Struct[{a=>Integer[1,2]}]
Struct[{a=>Integer}] >= Struct[{a=>Integer, b=>Integer}]
Struct[{a=>Integer, b=>Optional[Integer]}] >= Struct[{a=>Integer}]
Struct[{a=>Integer, Optional[b]=>Integer}] >= Struct[{a=>Integer}]
Struct[{a=>Integer}] >= Struct[{a=>Integer, Optional[b]=>Integer}]
Struct[{a=>Optional[Integer]}] >= Struct[{NotUndef[a]=>Optional[Integer]}]
Struct[{NotUndef[a]=>Optional[Integer]}] >= Struct[{a=>Optional[Integer]}]
Struct[{Optional[a]=>Integer}] >= Struct[{a=>Integer}]
Struct[{a=>Integer}] >= Struct[{Optional[a]=>Integer}]
Struct[{a=>Integer}] >= Hash[String, Integer]
Struct[{a=>Integer}] >= Hash[String, Integer, 1, 1]
Struct[{a=>Integer}] >= Hash[Enum[a], Integer, 1, 1]
Struct[{a=>Integer}] >= Hash[Integer, Integer, 1, 1]
Struct[{a=>Integer, b=>Optional[Integer]}] >= Hash[String, Integer, 1, 2]
Struct[{a=>Integer, b=>Optional[Integer]}] >= Hash[String, Integer, 1, 3]
Struct[{a=>Optional[Integer]}] >= Hash[String, String]
Struct[{a=>Optional[Integer]}] >= Hash[0, 0]
# Variants and Optional
Variant[Integer, String] >= Integer
Variant[Integer, String] >= Variant[String, Integer[1,2]]
Variant[Integer, String] >= Variant[String, Float]
Variant[Integer, String] >= Undef
Variant[Integer, Undef] >= Undef
Variant[Integer, String] >= Optional[Integer]
Variant[Integer, String] >= Scalar
Variant[Integer, String] == Variant[String, Integer]
Variant[Integer, String] == Variant[String, Integer, Integer[1,2]]
Optional[Integer] >= Undef
Optional[Integer] >= Integer[1,2]
Optional[Integer] >= Optional[Integer[1,2]]
Optional[Integer] >= Variant[Integer, Undef]
Optional[Integer] >= Variant[Integer, String]
Optional >= Undef
Optional >= Integer
Optional >= Optional
Optional[Integer] >= Optional
Integer >= Optional[Integer]
Integer >= NotUndef[Integer]
Integer >= NotUndef[Optional[Integer]]
Integer >= NotUndef
NotUndef >= Integer
NotUndef >= Undef
NotUndef >= Optional[Integer]
NotUndef >= Any
NotUndef >= Variant[Integer, Undef]
NotUndef[Integer] >= Integer[1,2]
NotUndef[Integer] >= String
NotUndef[Integer] >= NotUndef[Integer]
NotUndef[Optional[Integer]] >= Integer
NotUndef[Optional[Integer]] >= NotUndef[Optional[Integer]]
NotUndef[Undef] >= NotUndef[Undef]
Any >= NotUndef
# Types
Type >= Type[Integer]
Type[Integer] >= Type
Type[Numeric] >= Type[Integer]
Type[Integer] >= Type[Numeric]
Type[Type] >= Type[Type[Integer]]
Type >= Integer
# Sensitive
Sensitive >= Sensitive[String]
Sensitive[String] >= Sensitive
Sensitive[String] >= Sensitive[String[1]]
Sensitive[String] >= String
Sensitive[Numeric] >= Sensitive[Integer]
# Data, RichData
Data >= Integer
Data >= Undef
Data >= Array[Integer]
Data >= Array
Data >= Hash[String, Integer]
Data >= Hash[Integer, Integer]
Data >= Hash[String, Array[Hash[String, Optional[Integer]]]]
Data >= Tuple[Integer, String]
Data >= Struct[{a=>Integer}]
Data >= Regexp
Data >= Default
Data >= Scalar
Data >= ScalarData
Data >= Optional[String]
Data >= Data
Data >= RichData
Data >= Variant[Integer, Array[String]]
Data >= Array[0, 0]
Data >= Hash[0, 0]
RichData >= Data
RichData >= Default
RichData >= Regexp
RichData >= Type
RichData >= Hash[Integer, Regexp]
RichData >= Hash[Regexp, Regexp]
RichData >= Sensitive[Integer]
RichData >= Callable
RichData >= Iterator
RichData >= Runtime
RichData >= Binary
RichData >= SemVerRange
RichData >= URI
RichData >= Object
RichData >= Deferred
RichData >= TypeSet
RichData >= Iterable
RichData >= File
RichData >= Class
Data == Variant[ScalarData, Undef, Hash[String, Data], Array[Data]]
Data == Optional[Variant[ScalarData, Hash[String, Data], Array[Data]]]
Data == Data
# Callable
Callable >= Callable[String]
Callable[String] >= Callable
Callable[String] >= Callable[Scalar]
Callable[Scalar] >= Callable[String]
Callable[Integer] >= Callable[Integer, 0]
Callable[Integer, 0] >= Callable[Integer]
Callable[1, 1] >= Callable[Any]
Callable[Any] >= Callable[1, 1]
Callable[0, 0] >= Callable[Any, 0]
Callable[String, Callable] >= Callable[String, Callable]
Callable[String] >= Callable[String, Callable]
Callable[String] >= Callable[String, Optional[Callable]]
Callable[String, Callable] >= Callable[String]
Callable[[String], Integer] >= Callable[[String], Integer[1,2]]
Callable[[String], Integer[1,2]] >= Callable[[String], Integer]
Callable[[String], Integer] >= Callable[String]
Callable[String] >= Callable[[String], Integer]
Callable >= Callable[[], Integer]
Callable[[], Integer] >= Callable
Callable >= Integer
# Iterable, Iterator
Iterable >= String
Iterable >= Integer
Iterable >= Integer[1,2]
Iterable >= Array
Iterable >= Hash
Iterable >= Collection
Iterable >= Struct
Iterable >= Tuple
Iterable >= Enum
Iterable >= Type[Enum[a]]
Iterable >= Type[Integer[1, 2]]
Iterable >= Type[Integer]
Iterable >= Iterator
Iterable >= Iterable[String]
Iterable >= Boolean
Iterable >= Variant[String, Array]
Iterable >= Optional[String]
Iterable[String] >= String
Iterable[String] >= Enum[a]
Iterable[String[1,1]] >= String
Iterable[Integer] >= Integer[1,2]
Iterable[Integer] >= Integer
Iterable[Integer[1, 2]] >= Integer[1,2]
Iterable[Integer] >= Array[Integer]
Iterable[Integer] >= Array
Iterable[Integer] >= Array[0, 0]
Iterable[Integer] >= Collection
Iterable[Integer] >= Tuple[Integer, Integer[1,2]]
Iterable[Integer] >= Tuple[Integer, String]
Iterable[Tuple[String, Integer]] >= Hash[String, Integer]
Iterable[Tuple[String, Integer]] >= Hash
Iterable[Tuple[String, Integer]] >= Struct[{a=>Integer}]
Iterable[Tuple[String, Integer]] >= Struct[{a=>Optional[Integer]}]
Iterable[Tuple[String, Optional[Integer]]] >= Struct[{a=>Optional[Integer]}]
Iterable[Integer] >= Iterator[Integer]
Iterable[Integer] >= Iterator
Iterable[Integer] >= Iterable[Integer[1,2]]
Iterable[Integer] >= Iterable
Iterable[Integer[1,2]] >= Type[Integer[1,2]]
Iterable[Enum[a, b]] >= Type[Enum[a]]
Iterable[Any] >= String
Iterator >= Iterator[String]
Iterator[String] >= Iterator
Iterator[Numeric] >= Iterator[Integer]
Iterator >= Iterable
Iterator >= Array
# Runtime, time, misc
Runtime >= Runtime['ruby', 'A']
Runtime['ruby', 'A'] >= Runtime['ruby', 'A']
Runtime['ruby', 'A'] >= Runtime['ruby', 'B']
Runtime['ruby', 'A'] >= Runtime
Timespan >= Timespan[1, 2]
Timespan[1, 2] >= Timespan
Timespan[0, 10] >= Timespan[1, 2]
Timespan[0, 10] >= Timespan[1]
Timespan[1] >= Timespan[2]
Timestamp[0] >= Timestamp[1, 2]
Timestamp >= Timespan
Timespan >= Integer
SemVer >= SemVer['1.0.0']
SemVer['1.0.0'] >= SemVer
SemVer['>=1.0.0 <2.0.0'] >= SemVer['1.2.3']
SemVer['1.2.3'] >= SemVer['>=1.0.0 <2.0.0']
SemVer['1.x'] >= SemVer['~1.2']
SemVerRange >= SemVerRange
SemVerRange >= SemVer
Binary >= Binary
Binary >= String
URI >= URI['http://a/b']
URI['http://a/b'] >= URI
URI[{scheme=>'http'}] >= URI['http://a/b']
URI[{scheme=>/https?/}] >= URI['http://a/b']
URI[{scheme=>/https?/}] >= URI[{scheme=>'ftp'}]
URI[{host=>NotUndef}] >= URI['http://a/b']
URI[{host=>NotUndef}] >= URI['urn:a:b']
URI[{scheme=>Enum[http, https]}] >= URI[{scheme=>Enum[http]}]
Object >= Object
Object >= Deferred
Deferred >= Object
Deferred >= Deferred
TypeSet >= TypeSet
Init >= Init[Integer]
Init[Integer] >= Init
Init[Numeric] >= Init[Integer]
Init[Integer] >= Integer
Init >= Integer
Init >= Iterator
Array[0,0] >= Tuple
Tuple >= Tuple[Any]
Array[0,0] >= Tuple[Any]
Collection[0,0] >= Tuple
NotUndef[RichData] >= NotUndef[RichData]
Pattern[/a/, /b/] >= Pattern[/a/]
Iterable[Array[Undef, 0]] >= NotUndef[Hash]
NotUndef[Hash] >= Hash[Any, Undef]
Iterable[Array[Undef, 0]] >= Hash[Any, Undef]
Array[Regexp[/a/], -3, 0]
Data >= Array[Regexp[/a/], -3, 0]
Tuple[Boolean[false], 0, 0] >= Array[Regexp[/a/], -3, 0]
Data >= Tuple[Boolean[false], 0, 0]
Collection[1, 1] >= Struct[{'a' => Optional[Any]}]
Struct[{'a' => Optional[Any]}] >= Struct
Collection[1, 1] >= Struct
Hash[String, Any, 1, 1] >= Struct[{'a' => Optional[Any]}]
Hash[String, Any, 1, 1] >= Struct
Pattern[/b/] >= Enum['b', true]
Enum['b', true] >= Enum['B']
Pattern[/b/] >= Enum['B']

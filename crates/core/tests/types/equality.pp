Integer == Integer
Integer == Integer[default, default]
Integer[1] == Integer[1, default]
String[0] == String
String[default] == String
type('abc') == String
type('abc') == String[3, 3]
Enum[a, b] == Enum[b, a]
Enum[a, b, true] == Enum[a, b]
Array == Array[Any]
Array[Any, 0] == Array
Array[Integer, 0, 0] == Array[String, 0, 0]
Hash == Hash[Any, Any]
Hash[0, 0] == Hash[String, String, 0, 0]
Struct == Struct[{}]
Tuple[Integer, 1] == Tuple[Integer, 1, default]
Optional[Integer] == Variant[Integer, Undef]
NotUndef[Integer] == Integer
NotUndef[Any] == NotUndef
Sensitive[Any] == Sensitive
Callable[[], Integer] == Callable[0, 0]
Data == RichData
Scalar == Variant[ScalarData, Regexp, SemVer, Timespan, Timestamp]
ScalarData == Variant[Integer, Float, String, Boolean]
Numeric == Variant[Integer, Float]
Resource['file'] == File
Resource['file'] == Resource['File']
File['a'] == File['A']
Class[a] == Class['A']
Integer != String
Integer != Integer
[Integer] == [Integer]
[Optional[String]] == [Variant[String, Undef]]
Integer == 1
1 == Integer
Integer < Numeric
Numeric < Integer
Integer <= Integer
Integer < Integer
Integer > Integer[1, 2]
Integer[1, 2] < Integer
Optional[String] < Variant[String, Undef]
Optional[String] <= Variant[String, Undef]

Struct[{Optional['a'] => Optional[Integer]}]
Struct[{NotUndef['a'] => Integer}]
Array[Optional['a']]
NotUndef[NotUndef]
Optional[Optional]
Optional[NotUndef]
Type[Optional['a']]
Variant[Optional['a'], Enum[b]]
Float[1e20]
Float[-0.0]
Float[0.1, 0.30000000000000004]
Integer[-9223372036854775807]
Hash[String, Integer, 1, default]
Tuple[String, Integer, default, 3]
Tuple[String, Integer, 2, 2]
Collection[Integer[1, 2]]
Collection[default, 2]
String[Integer[default, 3]]
Callable[String, Integer, 1, 2, Callable]
Callable[[Callable], Any]
Callable[[0, 0], String]
Iterable[Any]
Iterator[Any]
Type[Any]
Type[Type[Any]]
Sensitive[Sensitive[String]]
Integer[1,2] =~ Type[Integer[0,5]]
Hash[String, Integer] =~ Type[Hash]
Hash =~ Type[Collection[1]]
Tuple[Integer] =~ Type[Array[Integer]]
Struct[{a=>Integer}] =~ Type[Hash[String, Integer]]
Data =~ Type[RichData]
RichData =~ Type[Data]
Optional[String] =~ Type[Data]
[Integer, String] =~ Array[Type[ScalarData]]
{'a' => [1, 2.5, 'x', true, undef]} =~ Data
{'a' => [1, /x/]} =~ Data
{'a' => [1, /x/]} =~ RichData
{1 => [1, /x/]} =~ RichData
{1.5 => 1} =~ RichData
{true => 1} =~ RichData
[default] =~ RichData
[Sensitive(1)] =~ Array[Sensitive[Integer]]
[1, [2, [3]]] =~ Array[Variant[Integer, Array[Variant[Integer, Array[Integer]]]]]
Timespan[1.5] >= Timespan['00:00:01.5']
Timespan['00:00:01.5'] == Timespan[1.5]
Timestamp['2020-01-01'] >= Timestamp['2020-01-01T00:00:00.000 UTC']
Timestamp[0, 10] >= Timestamp[1, 2]
Callable[String, Integer] == Callable[String, Integer]
Callable[String, 1] >= Callable[String, Integer]
Callable[String, Integer] >= Callable[String, 1]
Callable[String, 0, 1] >= Callable[String]
Callable[String] >= Callable[String, 0, 1]
Callable[String, Callable] >= Callable[String, Optional[Callable]]
Callable[String, Optional[Callable]] >= Callable[String, Callable]
Callable[[String], Any] == Callable[String]
Variant[Callable[String], Callable[Integer]] >= Callable[Scalar]
type([[1, 'a'], [2]], 'reduced')
type([[1, 'a'], [2]])
type({a => {b => [1]}})
type({a => 1, 'b' => 2}, 'generalized')
type([Integer[1, 2], Integer[1, 2]], 'reduced')
type([Optional[Integer], Integer], 'reduced')
type([Tuple[Integer], Array[Integer]], 'reduced')
type([Struct[{a=>Integer}], Hash[String, Integer]], 'reduced')
type([Array[Integer], Array[Integer, 1]], 'reduced')
type([Hash[String, Integer, 1], Hash[String, Integer]], 'reduced')
type(['a', 'b', 'c'], 'reduced')
type(['a', 'b', 'a'], 'reduced')
type(['abc', 'x'], 'generalized')
type([1, 'a', /x/, [1]], 'reduced')
type([1, 'a', /x/, [1], default], 'reduced')
type([File['a'], 'a'], 'reduced')
type([File, Resource], 'reduced')

notice([Any, Data, Scalar, ScalarData, Numeric, Collection, RichData])
notice([Undef, Default, Boolean, Regexp, Type, Iterable, Iterator, CatalogEntry])
notice([Sensitive, Runtime, Callable, Class, Resource, SemVer, Timespan, Timestamp, Binary, URI])

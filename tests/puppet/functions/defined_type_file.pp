notice(defined(Type[File]))

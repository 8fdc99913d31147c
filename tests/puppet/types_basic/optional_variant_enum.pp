notice(Optional[String], Variant[Integer, String], Enum[a, b], Pattern[/a/], String[1])

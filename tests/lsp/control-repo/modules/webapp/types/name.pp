# A host name in lower case.
type Webapp::Name = Pattern[/\A[a-z0-9.-]+\z/]

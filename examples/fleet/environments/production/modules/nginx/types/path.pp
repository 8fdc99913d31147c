# An absolute Unix path.
type Nginx::Path = Pattern[/\A\//]

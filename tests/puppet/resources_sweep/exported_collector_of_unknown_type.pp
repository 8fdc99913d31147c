# An exported collector of a type that does not exist is refused too.
Nosuchtype <<| |>>

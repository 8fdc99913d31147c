notice(1)
$x = /[/
$y = /(?<n>a)\k<m>/

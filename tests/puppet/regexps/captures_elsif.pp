$s = 'bar-7'
if $s =~ /^foo-(\d)/ {
  notice("foo ${1}")
} elsif $s =~ /^bar-(\d)/ {
  notice("bar ${1}")
}

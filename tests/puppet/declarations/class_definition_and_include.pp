class greeter {
  notice('greeter evaluated')
}
notice('before include')
include greeter
include greeter
notice('after include')

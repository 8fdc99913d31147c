class inner { notice('inner') }
class outer {
  contain inner
  notice('outer')
}
include outer

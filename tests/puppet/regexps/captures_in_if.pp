if 'www42.example.com' =~ /^www(\d+)\.(\w+)/ {
  notice("0=${0} 1=${1} 2=${2} 3=[${3}]")
  notice("$0 $1 $2")
}

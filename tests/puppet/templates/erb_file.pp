# template() with files from a module, several concatenated.
$who = 'files'
class tplclass {
  $inner = 'class var'
  notice(template('tpl/one.erb', 'tpl/two.erb'))
}
include tplclass

define show() { notice("title=${title} name=${name}") }
show { 'first': }

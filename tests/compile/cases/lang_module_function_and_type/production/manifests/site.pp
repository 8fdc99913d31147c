include lib

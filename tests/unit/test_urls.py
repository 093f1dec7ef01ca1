"""The site's own address: absolute links only under a published address, and never a loopback one (CI609)."""

from __future__ import annotations

import pytest

from chapter.urls import absolute_alternates, is_loopback, loopback_problem

SWITCHER = [{"lang": "ru", "link": "/topics/x/"}, {"lang": "en", "link": "/en/topics/x/"}]


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/",
        "http://127.1.2.3/",
        "http://localhost/",
        "http://LocalHost.:8000/",
        "https://docs.localhost/",
        "http://[::1]:8000/",
        "http://[::ffff:127.0.0.1]/",
        "http://0.0.0.0:8000/",
    ],
)
def test_addresses_of_the_machine_itself_are_loopback(url):
    assert is_loopback(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://chapter.example.org/",
        "http://10.0.0.1/",
        "https://localhost.example.org/",
        "http://[2001:db8::1]/",
        "https://128.0.0.1/",
    ],
)
def test_addresses_of_other_hosts_are_not(url):
    assert not is_loopback(url)


def test_alternates_are_absolute_under_the_published_address():
    assert absolute_alternates("https://chapter.example.org/docs/", SWITCHER) == [
        ("ru", "https://chapter.example.org/topics/x/"),
        ("en", "https://chapter.example.org/en/topics/x/"),
    ]


@pytest.mark.parametrize("site_url", [None, ""])
def test_without_an_address_there_are_no_alternates(site_url):
    assert absolute_alternates(site_url, SWITCHER) == []


def test_a_loopback_address_is_refused_at_the_line_that_sets_it(tmp_path):
    config = tmp_path / "mkdocs.yml"
    config.write_text(
        "site_name: x\n# where it is published\nsite_url: !ENV SITE_URL\ndocs_dir: docs\n", encoding="utf-8"
    )
    problem = loopback_problem("http://localhost:8000/", config)
    assert problem is not None
    assert (problem.file, problem.line, problem.rule) == ("mkdocs.yml", 3, "CI609")
    assert problem.text().startswith("mkdocs.yml:3: error CI609 site_url is http://localhost:8000/,")
    assert "Set SITE_URL to the address the site is published at" in problem.message


@pytest.mark.parametrize("site_url", [None, "", "https://chapter.example.org/"])
def test_no_address_or_a_published_one_is_accepted(tmp_path, site_url):
    assert loopback_problem(site_url, tmp_path / "mkdocs.yml") is None

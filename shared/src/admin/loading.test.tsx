import { render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { tableLoading } from './loading';

const columns = [{ title: 'Name', dataIndex: 'name' }];

describe('tableLoading', () => {
  it("shows an empty table's own text under antd's small Empty image (the admin's one empty state), not antd's No data", () => {
    render(<Table columns={columns} dataSource={[]} {...tableLoading(false, 'No things found')} />);
    expect(screen.getByText('No things found').closest('.ant-empty-normal')).not.toBeNull();
    expect(document.querySelectorAll('.ant-empty')).toHaveLength(1);
  });

  it('holds the empty text back while the rows load', () => {
    render(<Table columns={columns} dataSource={[]} {...tableLoading(true, 'No things found')} />);
    expect(screen.queryByText('No things found')).not.toBeInTheDocument();
  });
});
